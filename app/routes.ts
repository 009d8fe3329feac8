// The route table, one list: every URL with its module, its name (route id), whether it is a page, and its two
// flags: login required and authorization required. The tree React Router reads is built from it: a page of the
// main layout that needs login sits inside routes/_auth (whose middleware enforces it), one that needs
// authorization inside routes/_authorized as well; the account-entry pages sit in routes/_start, where a page that
// needs login guards itself. The guard tests read the same list.
import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes'

/** The layout a route is shown in: none (a machine endpoint), the start layout, or a section of the main one. */
type Shell = 'none' | 'start' | 'main' | 'help' | 'ways' | 'campaign'

interface RouteRow {
  /** The URL pattern, without its leading slash ('' is the index page). */
  path: string
  /** The module, relative to app/. */
  file: string
  /** The route's name: PascalCase of its URL. Endpoints without a page need none. */
  id?: string
  shell: Shell
  login: boolean
  authorization: boolean
  /** A page a person opens (HTML); false for endpoints and downloads. */
  page: boolean
}

const endpoint = (path: string, file: string): RouteRow => ({
  path,
  file,
  shell: 'none',
  login: false,
  authorization: false,
  page: false,
})
const page = (
  shell: Shell,
  path: string,
  file: string,
  id: string,
  flags: { login?: boolean; authorization?: boolean; page?: boolean } = {},
): RouteRow => ({
  path,
  file,
  id,
  shell,
  login: flags.login ?? false,
  authorization: flags.authorization ?? false,
  page: flags.page ?? true,
})
const login = { login: true }

export const ROUTE_TABLE: RouteRow[] = [
  // Machine endpoints (no page).
  endpoint('functions/invoke-service-method', 'routes/api.invoke-service-method.ts'),
  endpoint('healthz', 'routes/healthz.ts'),
  endpoint('readyz', 'routes/readyz.ts'),
  endpoint('hello', 'routes/hello.ts'),
  endpoint('i18n/:file', 'routes/i18n.ts'),
  endpoint('participate/:campaignId', 'routes/participate.ts'),
  endpoint('user/logout', 'routes/user.logout.ts'),
  endpoint('consent', 'routes/consent.ts'),
  endpoint('static-map/:id', 'routes/static-map.ts'),
  endpoint('admin/cli', 'routes/admin.cli.ts'),

  page('start', 'user/register', 'routes/user.register.tsx', 'UserRegister'),
  page('start', 'user/login/:type?', 'routes/user.login.tsx', 'UserLogin'),
  page('start', 'user/reset-registration', 'routes/user.reset-registration.tsx', 'UserResetRegistration'),
  page('start', 'user/reset-password', 'routes/user.reset-password.tsx', 'UserResetPassword'),
  page('start', 'user/set-password', 'routes/user.set-password.tsx', 'UserSetPassword'),
  page('start', 'user/verify-email', 'routes/user.verify-email.tsx', 'UserVerifyEmail'),
  page('start', 'user/resume/:id', 'routes/user.resume.tsx', 'UserResume', login),
  page(
    'start',
    'user/password-update-required',
    'routes/user.password-update-required.tsx',
    'UserPasswordUpdateRequired',
    login,
  ),

  page('main', 'help', 'routes/help.tsx', 'Help'),
  page('help', 'help/faq', 'routes/help.faq.tsx', 'HelpFaq'),
  page('help', 'help/privacy', 'routes/help.privacy.tsx', 'HelpPrivacy'),
  page('help', 'help/imprint', 'routes/help.imprint.tsx', 'HelpImprint'),
  page('main', 'contact', 'routes/contact.tsx', 'Contact'),
  page('main', 'sandbox', 'routes/sandbox.tsx', 'Sandbox'),

  page('main', '', 'routes/home.tsx', 'Home', login),
  page('main', 'ways', 'routes/ways.tsx', 'Ways', login),
  page('ways', 'ways/list/:filter/:id?/page/:page', 'routes/ways.list/route.tsx', 'WaysList', login),
  page('ways', 'ways/add/:date?', 'routes/ways.add.tsx', 'WaysAdd', login),
  page('main', 'ways/tripDetails/:id', 'routes/ways.trip-details/route.tsx', 'WaysTripDetails', login),
  page(
    'main',
    'ways/tripDetails/:id/questionnaire',
    'routes/ways.trip-questionnaire.tsx',
    'WaysTripQuestionnaire',
    { login: true, page: false }, // answers posts only: its pages are the way's page with `?qtn=`
  ),
  page('main', 'ways/edit/:id', 'routes/ways.edit.tsx', 'WaysEdit', login),
  page('main', 'campaign', 'routes/campaign.tsx', 'Campaign', login),
  page('campaign', 'campaign/info', 'routes/campaign.info.tsx', 'CampaignInfo', login),
  page(
    'campaign',
    'campaign/questionnaire/:filter',
    'routes/campaign.questionnaire.tsx',
    'CampaignQuestionnaire',
    login,
  ),
  page('main', 'user/update-password', 'routes/user.update-password.tsx', 'UserUpdatePassword', login),
  page('main', 'user/delete-account', 'routes/user.delete-account.tsx', 'UserDeleteAccount', login),
  page('main', 'user/my-data', 'routes/user.my-data.ts', 'UserMyData', { login: true, page: false }),
  page('main', 'pois', 'routes/pois.tsx', 'Pois', { login: true, authorization: true }),
  page('main', '*', 'routes/$.tsx', 'NotFound'),
]

const LAYOUTS = {
  start: 'routes/_start.tsx',
  main: 'routes/_main.tsx',
  help: 'routes/_help.tsx',
  auth: 'routes/_auth.tsx',
  ways: 'routes/_ways.tsx',
  campaign: 'routes/_campaign.tsx',
  authorized: 'routes/_authorized.tsx',
} as const
type Layout = keyof typeof LAYOUTS

/** The layouts a row sits in, outermost first. */
export function layoutsOf(row: RouteRow): Layout[] {
  if (row.shell === 'none') return []
  if (row.shell === 'start') return ['start']
  const section: Layout[] = row.shell === 'main' ? [] : [row.shell]
  return [
    'main',
    ...(row.login ? (['auth'] as const) : []),
    ...section,
    ...(row.authorization ? (['authorized'] as const) : []),
  ]
}

const entryOf = (row: RouteRow): RouteConfigEntry =>
  row.path === ''
    ? index(row.file, { id: row.id })
    : row.id
      ? route(row.path, row.file, { id: row.id })
      : route(row.path, row.file)

type Placed = { row: RouteRow; chain: Layout[] }
type Slot = { row: RouteRow } | { layout: Layout; rows: Placed[] }

/** The nested tree of `rows`: each layout holds its rows in table order, placed where its first row stands. */
function tree(rows: Placed[]): RouteConfigEntry[] {
  const slots: Slot[] = []
  const groups = new Map<Layout, Placed[]>()
  for (const { row, chain } of rows) {
    const [outer, ...inner] = chain
    if (!outer) {
      slots.push({ row })
      continue
    }
    let group = groups.get(outer)
    if (!group) {
      group = []
      groups.set(outer, group)
      slots.push({ layout: outer, rows: group })
    }
    group.push({ row, chain: inner })
  }
  return slots.map((slot) => ('row' in slot ? entryOf(slot.row) : layout(LAYOUTS[slot.layout], tree(slot.rows))))
}

export default tree(ROUTE_TABLE.map((row) => ({ row, chain: layoutsOf(row) }))) satisfies RouteConfig
