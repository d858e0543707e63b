/** The demo accounts that supabase/seed.sql creates; printed by `npm start` and listed in the README. */
export const DEMO_PASSWORD = 'roost-demo'

export const DEMO_ACCOUNTS = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Alice Morgan', email: 'alice@example.com' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Ben Carter', email: 'ben@example.com' },
  { id: '33333333-3333-4333-8333-333333333333', name: 'Chloe Davies', email: 'chloe@example.com' },
] as const
