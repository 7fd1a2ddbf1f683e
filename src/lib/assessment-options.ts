// The option lists of the agent assessment (docs/product/assessment.md#option-lists). The
// database refuses any other value (agent_assessments CHECK constraints); these are the same
// strings. In lib because two layers need them: the assessment feature shows them, data/schemas
// validates with them.
export const TONE_OF_VOICE = [
  'Friendly & Casual',
  'Professional & Polished',
  'Energetic & Fast-paced',
  'Calm & Reassuring',
  'Authoritative & Confident',
] as const;

export const CALL_ROUTING_METHODS = [
  'Direct to specific agents',
  'Round robin distribution',
  'Queue system',
  'Skills-based routing',
  'Time-based routing',
] as const;

export const OFFICE_DEVICES = [
  'Desktop computers',
  'Tablets',
  'IP phones',
  'Softphones',
  'Reception display screens',
  'Smart speakers',
] as const;

export const MOBILE_DEVICE_TYPES = ['iPhone', 'Android phones', 'iPads', 'Android tablets'] as const;

export const MOBILE_COMMUNICATION = ['WhatsApp', 'SMS', 'Email', 'Phone calls', 'Mobile apps'] as const;

export const PROPERTY_PORTALS = [
  'Rightmove',
  'Zoopla',
  'OnTheMarket',
  'PrimeLocation',
  'SpareRoom',
  'OpenRent',
  'Gumtree',
  'Facebook Marketplace',
  'Company website only',
  'Other portals',
] as const;

export const AI_GOALS = [
  'Increase lead conversion rates',
  'Reduce response time to inquiries',
  'Improve customer service quality',
  'Free up staff for high-value activities',
  'Provide 24/7 availability',
  'Standardize customer interactions',
  'Gather better lead intelligence',
  'Reduce missed opportunities',
  'Improve follow-up consistency',
  'Scale operations without hiring',
] as const;

export const TRACKING_OUTCOMES = [
  'Number of leads generated',
  'Lead conversion rates',
  'Response time metrics',
  'Customer satisfaction scores',
  'Time saved on admin tasks',
  'Appointment booking rates',
  'Follow-up completion rates',
  'Revenue per lead',
  'Staff productivity metrics',
  'Customer retention rates',
] as const;

export const TOOL_CATEGORIES = [
  'Email marketing',
  'Social media management',
  'Video conferencing',
  'Document management',
  'Digital signature',
  'Property management software',
  'Accounting',
  'Customer surveys',
  'Analytics',
  'Booking/scheduling',
] as const;

export const YES_NO = ['yes', 'no'] as const;
