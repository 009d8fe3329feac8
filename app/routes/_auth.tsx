// Every page below needs login; a logged-out request is sent to /user/login.
import { Outlet } from 'react-router'
import type { Route } from './+types/_auth'
import { requireUser } from '~/lib/guards.server'

export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request }, next) => {
    await requireUser(context, request)
    return next()
  },
]

export default function AuthLayout() {
  return <Outlet />
}
