import { describe, expect, it } from 'vitest';
import { htmlReplyText, htmlToText, trimReply } from '../../../server/support/trim-reply';

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
    [
      'a line that merely starts with On',
      'On the second screen the total is wrong.\nIt says 0.',
      'On the second screen the total is wrong.\nIt says 0.',
    ],
    ['a From: line in the body', 'From: the dashboard, the export fails.', 'From: the dashboard, the export fails.'],
  ])('%s', (_case, text, expected) => {
    expect(trimReply(text)).toBe(expected);
  });
});

describe('a reply as its writer wrote it', () => {
  it.each([
    [
      'when the customer\'s own line starts with ">", then it is kept',
      'The error count is\n>100 per hour since Monday.\nPlease check.\n\nOn Mon, 30 Nov 2026 at 13:30, Nimbus <support@nimbus.in> wrote:\n> Is it still failing?',
      'The error count is\n>100 per hour since Monday.\nPlease check.',
    ],
    [
      'when the customer answers between quoted lines, then the answers are kept and the quote below its quoted header is cut',
      '> Which machine?\nMachine 3.\n> Since when?\nSince Monday.\n\n> On 30 Nov 2026, at 13:30, Nimbus <support@nimbus.in> wrote:\n>\n> Old',
      '> Which machine?\nMachine 3.\n> Since when?\nSince Monday.',
    ],
    [
      'when Gmail in Hindi wraps its header, then "… ने लिखा:" and the quote are cut',
      'मशीन 3 अब भी बंद है।\n\nसोम, 30 नव॰ 2026 को 1:30 pm बजे Nimbus Bespoke Software <\nsupport+sr000001-ab@nimbus.in> ने लिखा:\n> कृपया फिर से देखें।',
      'मशीन 3 अब भी बंद है।',
    ],
    [
      'when Gmail writes in Marathi, then "… यांनी लिहिले:" is cut',
      'धन्यवाद, आता चालू आहे.\n\nसोम, ३० नोव्हें, २०२६ रोजी १:३० PM वाजता Nimbus <support@nimbus.in> यांनी लिहिले:\n> जुना मजकूर',
      'धन्यवाद, आता चालू आहे.',
    ],
    [
      'when Gmail writes in Tamil, then "… எழுதியது:" is cut',
      'நன்றி.\n\nதிங்., 30 நவ., 2026 அன்று 1:30 PM க்கு, Nimbus <support@nimbus.in> எழுதியது:\n> பழைய செய்தி',
      'நன்றி.',
    ],
    [
      'when Gmail writes in Telugu, then "… రాశారు:" is cut',
      'ధన్యవాదాలు.\n\nసోమ, 30 నవం, 2026 1:30 PMకి Nimbus <support@nimbus.in> ఇలా రాశారు:\n> పాత సందేశం',
      'ధన్యవాదాలు.',
    ],
    [
      'when Gmail writes in Bengali, then "… লিখেছেন:" is cut',
      'ধন্যবাদ।\n\nসোম, ৩০ নভে, ২০২৬ এ ১:৩০ PM এ Nimbus <support@nimbus.in> লিখেছেন:\n> পুরনো বার্তা',
      'ধন্যবাদ।',
    ],
    [
      'when Gmail writes in French, then "… a écrit :" is cut',
      'Merci, cela fonctionne.\n\nLe lun. 30 nov. 2026 à 13:30, Nimbus <support@nimbus.in> a écrit :\n> Ancien texte',
      'Merci, cela fonctionne.',
    ],
    [
      'when Gmail writes in German, then "Am … schrieb …:" is cut',
      'Danke, es läuft.\n\nAm Mo., 30. Nov. 2026 um 13:30 Uhr schrieb Nimbus <support@nimbus.in>:\n> Alter Text',
      'Danke, es läuft.',
    ],
    [
      'when Outlook writes its French header block, then it is cut',
      'Bien reçu.\n\nDe : Nimbus <support@nimbus.in>\nEnvoyé : lundi 30 novembre 2026 13:30\nÀ : Asha\nObjet : [SR-000001]',
      'Bien reçu.',
    ],
    [
      "when the reply has no blank line before the header, then the customer's lines above it stay",
      'Thanks a lot\n>100 errors are gone.\nOn Mon, 30 Nov 2026 at 13:30, Nimbus <support@nimbus.in> wrote:\n> Old',
      'Thanks a lot\n>100 errors are gone.',
    ],
    [
      'when the customer quotes a colleague ("… wrote:" with no date or address), then nothing is cut',
      'Here is what my colleague wrote:\n> The export button does nothing.\nCan you check?',
      'Here is what my colleague wrote:\n> The export button does nothing.\nCan you check?',
    ],
  ])('%s', (_case, text, expected) => {
    expect(trimReply(text)).toBe(expected);
  });
});

describe('HTML mail as text', () => {
  const gmailHtml =
    '<html><head><style>.x { color: red; }</style><title>Re: [SR-000001]</title></head><body>' +
    '<div dir="ltr">Tom &amp; Jerry&#39;s machine shows &lt;offline&gt;&nbsp;again.<br>See <a href="https://status.example.com">the status page</a>.</div>' +
    '<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 30 Nov 2026 at 13:30, Nimbus &lt;support@nimbus.in&gt; wrote:<br></div>' +
    '<blockquote class="gmail_quote" style="margin:0 0 0 .8ex">We restarted the gateway.</blockquote></div></body></html>';

  it('when a Gmail reply comes as HTML only, then its text has no CSS, decoded entities and no quoted thread', () => {
    expect(htmlReplyText(gmailHtml)).toBe(
      "Tom & Jerry's machine shows <offline> again.\nSee the status page [https://status.example.com].",
    );
  });

  it('when the whole HTML mail is wanted, then the quote stays but <head> and <style> do not', () => {
    const text = htmlToText(gmailHtml);
    expect(text).toContain('We restarted the gateway.');
    expect(text).not.toMatch(/color|Re: \[SR/);
  });

  it('when Outlook replies in HTML, then its divRplyFwdMsg header and the mail below it are cut', () => {
    const html =
      '<html><body><div>Please call me at 11.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%">' +
      '<div id="divRplyFwdMsg" dir="ltr"><font><b>From:</b> Nimbus &lt;support@nimbus.in&gt;<br><b>Sent:</b> Monday, 30 November 2026 13:30<br><b>Subject:</b> [SR-000001]</font></div>' +
      '<div>We restarted the gateway.</div></body></html>';
    expect(htmlReplyText(html)).toBe('Please call me at 11.');
  });

  it('when a desktop Outlook reply carries "-----Original Message-----" in HTML, then the text is cut there', () => {
    const html =
      '<p class="MsoNormal">Still broken.</p><p class="MsoNormal">-----Original Message-----<br>From: Nimbus<br>Sent: Monday</p><p>Old</p>';
    expect(htmlReplyText(html)).toBe('Still broken.');
  });
});

describe('HTML no mail can make the conversion fail or stall', () => {
  it('when HTML nests 30,000 elements deep, then its text is read (the nesting past the limit flattened), not a stack overflow', () => {
    expect(htmlToText(`${'<div>'.repeat(30_000)}please call me`)).toBe('please call me');
    expect(htmlReplyText(`${'<li><td><blockquote>'.repeat(3000)}please call me`)).toBe('');
    expect(htmlToText(`<p>Hi</p>${'<span title="<b>">'.repeat(5000)}please call me`)).toBe('Hi\n\nplease call me');
  });

  it('when HTML is 2 MB, then only its first 256 KB are turned into text', () => {
    const text = htmlToText('<p>a</p>'.repeat(250_000));

    expect(text.split('\n\n').length).toBe((256 * 1024) / '<p>a</p>'.length);
  });
});
