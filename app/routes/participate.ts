// /participate/{campaignId}: no screen, a redirect to the app store (Apple's for iPhone, iPad and iPod, else Google's).
import { redirect } from 'react-router'
import type { Route } from './+types/participate'
import { req } from '~/lib/context.server'

export function isAppleDevice(userAgent: string): boolean {
  // iPhone, iPad, iPod, and iPadOS Safari that presents itself as desktop Mac with touch ("iPad-like").
  return (
    /iPhone|iPad|iPod/i.test(userAgent) ||
    (/Macintosh/i.test(userAgent) &&
      /Mobile\/|Version\/[\d.]+ Safari/i.test(userAgent) &&
      /Safari/i.test(userAgent) &&
      !/Chrome|Chromium|Firefox|Edg/i.test(userAgent))
  )
}

export function loader({ request, context }: Route.LoaderArgs) {
  const env = req(context).app.env
  const ua = request.headers.get('User-Agent') ?? ''
  return redirect(isAppleDevice(ua) ? env.APP_STORE_URL : env.PLAY_STORE_URL)
}
