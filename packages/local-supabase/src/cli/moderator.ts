// `npm run moderator -- add <email>` / `remove <email>`: gives or takes the moderator role on the running
// local stack (`npm start` or `npm run backend`), through its Auth admin API. The person signs in again (or
// waits for their session's refresh) for the app to show the console.
import { loadConfig } from '../config'
import { MODERATOR_USAGE, parseModeratorArgs, setModeratorRole } from './moderator-role'
import { fail, log } from './run'

const parsed = parseModeratorArgs(process.argv.slice(2))
if (!parsed) fail(new Error(MODERATOR_USAGE))
const config = loadConfig()
const roles = await setModeratorRole({
  apiUrl: config.apiUrl,
  serviceRoleKey: config.serviceRoleKey,
  ...parsed,
}).catch(fail)
log(
  `${parsed.email}: ${parsed.command === 'add' ? 'now a moderator' : 'no longer a moderator'} (roles: ${JSON.stringify(roles)})`,
)
