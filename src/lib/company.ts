// Who publishes Chloe: one place for the names and addresses the footer and legal pages show.
// CONTACT_EMAIL is a placeholder until the company confirms its privacy contact.
export const COMPANY = {
  productName: 'Chloe',
  registration: 'Registered in England and Wales.',
  contactEmail: 'privacy@chloe.ai',
} as const;
