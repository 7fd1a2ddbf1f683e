// The words of /norman (docs/product/screens.md#norman, docs/product/messages.md#norman): one
// place, for the page and its tests.

export const NORMAN = {
  title: 'Norman',
  subtitle: 'Your internal operations agent: a digital COO for the Chloe team',
  meet: {
    title: 'Meet Norman',
    points: ['Automates repetitive tasks', 'Connects teams and departments', 'Scales operations efficiently'],
    blurb:
      "Norman is Chloe's digital COO. He takes the repetitive work off the team, joins up people and systems, " +
      'and keeps operations running smoothly as we grow.',
  },
  access: {
    title: 'Access Required',
    description: 'Norman is for the Chloe team. Enter the team password to continue.',
    label: 'Password',
    placeholder: 'Enter password',
    submit: 'Access Norman',
    required: 'Please enter the password',
    needsConnection: 'Checking the password needs an internet connection. Connect and try again.',
  },
  granted: ['Access Granted', "Welcome to Norman's operations center"] as const,
  denied: ['Access Denied', 'Incorrect password'] as const,
  tooMany: 'Too many attempts',
  unlocked: {
    header: 'Norman · Operations',
    back: '← Back to Home',
    hint: 'Click above to talk with Norman, your AI operations assistant',
    tilesTitle: 'What Norman runs',
    tiles: [
      { title: 'Automation Engine', text: 'Turns repetitive admin into workflows that run themselves.' },
      { title: 'Team Connector', text: 'Keeps sales, lettings, legal and support working from the same picture.' },
      { title: 'Operations Scaling', text: 'Adds capacity without adding headcount or hand-offs.' },
      { title: '24/7 Operations', text: 'Watches queues, deadlines and follow-ups around the clock.' },
      { title: 'Process Builder', text: 'Describe a process out loud and Norman drafts the steps.' },
      { title: 'System Integration', text: 'Connects the CRM, inboxes, calendars and the tools we already use.' },
    ],
    closing: 'Ready to scale the team and have fun building?',
  },
} as const;
