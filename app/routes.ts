// The route table, explicit. Each page route carries its name (route id) and its two flags:
// login required (→ inside the routes/_auth layout, whose middleware enforces it) and authorization required
// (→ inside routes/_authorized as well). Start-layout pages (account entry) sit in routes/_start.
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export interface RouteFlags {
  path: string
  id: string
  login: boolean
  authorization: boolean
}

/** The route table as data: used by the guard tests and documentation; the tree below must agree with it. */
export const ROUTE_TABLE: RouteFlags[] = [
  { path: '/user/register', id: 'UserRegister', login: false, authorization: false },
  { path: '/user/login/:type?', id: 'UserLogin', login: false, authorization: false },
  { path: '/user/reset-registration', id: 'UserResetRegistration', login: false, authorization: false },
  { path: '/user/reset-password', id: 'UserResetPassword', login: false, authorization: false },
  { path: '/user/set-password', id: 'UserSetPassword', login: false, authorization: false },
  { path: '/user/verify-email', id: 'UserVerifyEmail', login: false, authorization: false },
  { path: '/user/password-update-required', id: 'UserPasswordUpdateRequired', login: true, authorization: false },
  { path: '/', id: 'Home', login: true, authorization: false },
  { path: '/ways', id: 'Ways', login: true, authorization: false },
  { path: '/ways/list/:filter/:id?/page/:page', id: 'TripList', login: true, authorization: false },
  { path: '/ways/tripDetails/:id', id: 'WaysHtmlTripDetail', login: true, authorization: false },
  { path: '/ways/add/:date?', id: 'WaysAdd', login: true, authorization: false },
  { path: '/ways/edit/:id', id: 'WaysEdit', login: true, authorization: false },
  { path: '/pois', id: 'Pois', login: true, authorization: true },
  { path: '/campaign', id: 'Campaign', login: true, authorization: false },
  { path: '/campaign/info', id: 'CampaignInfo', login: true, authorization: false },
  { path: '/campaign/questionnaire/:filter', id: 'CampaignQuestionnaire', login: true, authorization: false },
  { path: '/help', id: 'Help', login: false, authorization: false },
  { path: '/help/faq', id: 'HelpFaq', login: false, authorization: false },
  { path: '/help/privacy', id: 'HelpPrivacy', login: false, authorization: false },
  { path: '/help/imprint', id: 'HelpImprint', login: false, authorization: false },
  { path: '/contact', id: 'Contact', login: false, authorization: false },
  { path: '/user/update-password', id: 'UserUpdatePassword', login: true, authorization: false },
  { path: '/user/delete-account', id: 'UserDeleteAccount', login: true, authorization: false },
  { path: '/sandbox', id: 'Sandbox', login: false, authorization: false },
  { path: '*', id: 'NotFound', login: false, authorization: false },
]

const r = (path: string, file: string, id: string) => route(path, file, { id })

export default [
  // Machine endpoints (no page).
  route('functions/invoke-service-method', 'routes/api.invoke-service-method.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('readyz', 'routes/readyz.ts'),
  route('hello', 'routes/hello.ts'),
  route('i18n/:file', 'routes/i18n.ts'),
  route('participate/:campaignId', 'routes/participate.ts'),
  route('user/logout', 'routes/user.logout.ts'),
  route('consent', 'routes/consent.ts'),
  route('static-map/:id', 'routes/static-map.ts'),
  route('admin/cli', 'routes/admin.cli.ts'),

  layout('routes/_start.tsx', [
    r('user/register', 'routes/user.register.tsx', 'UserRegister'),
    r('user/login/:type?', 'routes/user.login.tsx', 'UserLogin'),
    r('user/reset-registration', 'routes/user.reset-registration.tsx', 'UserResetRegistration'),
    r('user/reset-password', 'routes/user.reset-password.tsx', 'UserResetPassword'),
    r('user/set-password', 'routes/user.set-password.tsx', 'UserSetPassword'),
    r('user/verify-email', 'routes/user.verify-email.tsx', 'UserVerifyEmail'),
    r('user/resume/:id', 'routes/user.resume.tsx', 'UserResume'),
    r('user/password-update-required', 'routes/user.password-update-required.tsx', 'UserPasswordUpdateRequired'),
  ]),

  layout('routes/_main.tsx', [
    r('help', 'routes/help.tsx', 'Help'),
    layout('routes/_help.tsx', [
      r('help/faq', 'routes/help.faq.tsx', 'HelpFaq'),
      r('help/privacy', 'routes/help.privacy.tsx', 'HelpPrivacy'),
      r('help/imprint', 'routes/help.imprint.tsx', 'HelpImprint'),
    ]),
    r('contact', 'routes/contact.tsx', 'Contact'),
    r('sandbox', 'routes/sandbox.tsx', 'Sandbox'),

    layout('routes/_auth.tsx', [
      index('routes/home.tsx', { id: 'Home' }),
      r('ways', 'routes/ways.tsx', 'Ways'),
      layout('routes/_ways.tsx', [
        r('ways/list/:filter/:id?/page/:page', 'routes/ways.list/route.tsx', 'TripList'),
        r('ways/add/:date?', 'routes/ways.add.tsx', 'WaysAdd'),
      ]),
      r('ways/tripDetails/:id', 'routes/ways.trip-details/route.tsx', 'WaysHtmlTripDetail'),
      route('ways/tripDetails/:id/questionnaire', 'routes/ways.trip-questionnaire.tsx'),
      r('ways/edit/:id', 'routes/ways.edit.tsx', 'WaysEdit'),
      r('campaign', 'routes/campaign.tsx', 'Campaign'),
      layout('routes/_campaign.tsx', [
        r('campaign/info', 'routes/campaign.info.tsx', 'CampaignInfo'),
        r('campaign/questionnaire/:filter', 'routes/campaign.questionnaire.tsx', 'CampaignQuestionnaire'),
      ]),
      r('user/update-password', 'routes/user.update-password.tsx', 'UserUpdatePassword'),
      r('user/delete-account', 'routes/user.delete-account.tsx', 'UserDeleteAccount'),
      r('user/my-data', 'routes/user.my-data.ts', 'UserMyData'),
      layout('routes/_authorized.tsx', [r('pois', 'routes/pois.tsx', 'Pois')]),
    ]),
    r('*', 'routes/$.tsx', 'NotFound'),
  ]),
] satisfies RouteConfig
