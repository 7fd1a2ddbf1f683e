// What counts as a phone number, for the forms (src/lib/limits.ts isPhone) and Postgres
// (public.is_phone) alike: both tests walk these.
export const PHONES = [
  '020 7946 0018',
  '02079460018',
  '+44 20 7946 0018',
  '+44 (0)20 7946 0018',
  '(020) 7946 0018',
  '07700-900-123',
  '+1 415.555.0132',
  '+353 1 234 5678',
  ' 020 7946 0018 ',
];

export const NOT_PHONES = [
  'abcdefghijk',
  '-----------',
  '<script>alert(1)</script>',
  '1',
  '',
  '123 456 789',
  '1234567890123456',
  '44+20 7946 0018',
  '020 7946 0018 ext 12',
  '++44 20 7946 0018',
  '020 7946 0018\n020 7946 0019',
];
