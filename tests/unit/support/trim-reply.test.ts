import { describe, expect, it } from 'vitest';
import { trimReply } from '../../../server/support/trim-reply';

describe('trimming quoted history and signatures from a mail reply', () => {
  it.each([
    ['plain text', 'Thanks, that works now.', 'Thanks, that works now.'],
    [
      'Gmail quote',
      'It still fails on the second machine.\n\nOn Mon, 30 Nov 2026 at 13:30, Nimbus <support+sr000001-ab@nimbus.in> wrote:\n> We changed the setting.\n> Please try again.',
      'It still fails on the second machine.',
    ],
    [
      'Gmail quote with the header wrapped',
      'Done.\n\nOn Mon, 30 Nov 2026 at 13:30, Nimbus Bespoke Software\n<support+sr000001-ab@nimbus.in> wrote:\n> Old text',
      'Done.',
    ],
    [
      'Outlook original message',
      'Please call me.\r\n\r\n-----Original Message-----\r\nFrom: Nimbus\r\nSent: Monday\r\nSubject: [SR-000001]',
      'Please call me.',
    ],
    ['Outlook From/Sent block', 'Yes.\n\nFrom: Nimbus <x@y.in>\nSent: 30 November 2026 13:30\nTo: me', 'Yes.'],
    ['signature', 'See the attached log.\n\n-- \nAsha Verma\nVerma Industries', 'See the attached log.'],
    ['phone footer', 'Restarted it.\n\nSent from my iPhone', 'Restarted it.'],
    ['a line that merely starts with On', 'On the second screen the total is wrong.\nIt says 0.', 'On the second screen the total is wrong.\nIt says 0.'],
    ['a From: line in the body', 'From: the dashboard, the export fails.', 'From: the dashboard, the export fails.'],
  ])('%s', (_case, text, expected) => {
    expect(trimReply(text)).toBe(expected);
  });
});
