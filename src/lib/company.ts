// Who publishes Chloe: one place for the names and addresses the footer and legal pages show.
// CONTACT_EMAIL is a placeholder until the company confirms its privacy contact.
export const COMPANY = {
  productName: 'Chloe',
  registration: 'Registered in England and Wales.',
  contactEmail: 'privacy@chloe.ai',
} as const;

// Where subscribers send their payment. PLACEHOLDERS until the company's bank confirms the account:
// docs/product/subscription.md#payment-instructions says what is shown, not the values.
export const BANK_DETAILS = {
  bank: 'Example Bank plc',
  accountName: 'Chloe Technologies Ltd',
  sortCode: '00-00-00',
  accountNumber: '00000000',
} as const;

/** Who signs the agreement for the company. */
export const COMPANY_SIGNATORY = { name: 'For and on behalf of Chloe Technologies Ltd', role: 'Director' } as const;

/** Chloe's own line (the Hire page's call link). A made-up number in Ofcom's drama range until the real one is given. */
export const CHLOE_PHONE = '02079460100';
