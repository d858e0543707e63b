/**
 * From this many homes on, a count is not told exactly: the heading says `1,000+ homes`, as property portals
 * do, and the server counts no further (count_listings reads at most 1,001 rows). Below it, counts are exact.
 */
export const HOME_COUNT_CAP = 1000

const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** The results heading: "1 home", "999 homes"; from HOME_COUNT_CAP on, "1,000+ homes". */
export function formatHomeCount(count: number): string {
  if (count >= HOME_COUNT_CAP) return `${withCommas(HOME_COUNT_CAP)}+ homes`
  return `${withCommas(count)} ${count === 1 ? 'home' : 'homes'}`
}
