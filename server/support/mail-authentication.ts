/**
 * Whether an inbound mail's sender domain vouched for it: a From address proves nothing by itself,
 * SPF and DKIM *aligned* with it do. Read from the headers the receiving service puts on top of the
 * mail (Postmark: `Received-SPF`, its SPF check of the envelope sender, and SpamAssassin's
 * `X-Spam-Tests`, where DKIM_VALID_AU is a valid DKIM signature by the From address's domain).
 */
export interface SenderAuthentication {
  /** SPF passed for the envelope sender's domain, and that domain is the From domain or a parent of it. */
  spfAligned: boolean;
  /** A DKIM signature by the From domain (or a parent of it) verified. */
  dkimAligned: boolean;
  /** What was reported, for the review queue: 'SPF fail for forger.test; DKIM none'. */
  summary: string;
}

export type MailHeader = { Name: string; Value: string };

const cleanDomain = (value: string) =>
  value
    .trim()
    .replace(/^[<"]+|[>".]+$/g, '')
    .toLowerCase();

/** The domain of an address ('Asha <asha@Mail.Example.com>' -> 'mail.example.com'), or null. */
export function domainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = cleanDomain(at >= 0 ? address.slice(at + 1) : '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/**
 * Whether a domain that SPF or DKIM authenticated vouches for mail from `fromDomain`: the same
 * domain or a parent of it (example.com vouches for mail.example.com; not the other way round,
 * and a bare top-level domain vouches for nothing).
 */
export function isAlignedDomain(authenticated: string, fromDomain: string): boolean {
  const vouching = cleanDomain(authenticated);
  const from = cleanDomain(fromDomain);
  if (!vouching.includes('.')) return false;
  return from === vouching || from.endsWith(`.${vouching}`);
}

/**
 * The verdicts in a mail's headers. Only the first `Received-SPF` and `X-Spam-Tests` count: the
 * receiving service prepends its own (SpamAssassin also replaces any X-Spam-* the sender wrote), so
 * a sender's forged copies come after them. `Authentication-Results` is not read: Postmark does not
 * document adding one, so the first one may well be the sender's own. No verdict at all (a mail
 * replayed locally without them) authenticates nothing.
 */
export function senderAuthentication(headers: MailHeader[], from: string): SenderAuthentication {
  const first = (name: string) => headers.find((header) => header.Name.toLowerCase() === name.toLowerCase())?.Value;
  const fromDomain = domainOf(from);

  const spf = first('Received-SPF');
  const spfResult = spf ? (/^\s*([A-Za-z]+)/.exec(spf)?.[1]?.toLowerCase() ?? 'unreadable') : null;
  const isHelo = spf ? /\bidentity=helo\b/i.test(spf) : false;
  const spfValue = spf ? (isHelo ? /\bhelo=([^;\s]+)/i : /\benvelope-from=([^;\s]+)/i).exec(spf)?.[1] : undefined;
  const spfDomain = spfValue ? (isHelo ? domainOf(`@${spfValue}`) : domainOf(spfValue)) : null;
  const spfAligned = spfResult === 'pass' && !!spfDomain && !!fromDomain && isAlignedDomain(spfDomain, fromDomain);

  const testsHeader = first('X-Spam-Tests');
  const tests = new Set(
    (testsHeader ?? '')
      .toUpperCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  );
  const dkimAligned = !!fromDomain && tests.has('DKIM_VALID_AU');
  const dkim =
    testsHeader === undefined
      ? 'not reported'
      : dkimAligned
        ? `valid for ${fromDomain}`
        : tests.has('DKIM_VALID')
          ? 'valid for another domain'
          : tests.has('DKIM_SIGNED')
            ? 'signed, not valid'
            : 'none';
  return {
    spfAligned,
    dkimAligned,
    summary: `SPF ${spfResult ?? 'not reported'}${spfDomain ? ` for ${spfDomain}` : ''}; DKIM ${dkim}`,
  };
}
