/** The results heading: "1 home", "1,234 homes". */
export function formatHomeCount(count: number): string {
  const digits = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${digits} ${count === 1 ? 'home' : 'homes'}`
}
