// Every page below needs login; a logged-out request is sent to /user/login. The guard also sets the
// participant's service context, which every loader and action below reads with `authed(context)`.
import { Outlet } from 'react-router'
import type { Route } from './+types/_auth'
import { loginGuard } from '~/lib/guards.server'

export const middleware: Route.MiddlewareFunction[] = [loginGuard()]

export default function AuthLayout() {
  return <Outlet />
}
