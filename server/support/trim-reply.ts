/**
 * The new part of a mail reply: everything above the quoted history ("On … wrote:", "> " lines,
 * Outlook's "-----Original Message-----" or "From: … Sent: …" block) and the signature ("-- ",
 * "Sent from my iPhone"). The stored message keeps the whole original beside it.
 */
const QUOTE_HEADERS = [
  /^On .{1,300}wrote:\s*$/i,
  /^On .{1,200}$/i, // "On Mon, 30 Nov 2026 at 13:30, Nimbus <support+…@…>" wrapped before "wrote:"
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^_{5,}\s*$/,
  /^From:\s.+$/i,
];
const SIGNATURES = [/^--\s*$/, /^Sent from my \w+/i, /^Get Outlook for /i, /^Sent from Mail for Windows/i];

export function trimReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trimEnd();
    if (line.startsWith('>')) {
      end = index;
      break;
    }
    if (SIGNATURES.some((pattern) => pattern.test(line))) {
      end = index;
      break;
    }
    if (QUOTE_HEADERS.some((pattern) => pattern.test(line.trim()))) {
      // "On …" alone counts only when a "wrote:" line or a quote follows within two lines.
      if (/^On /i.test(line.trim()) && !/wrote:\s*$/i.test(line)) {
        const next = lines.slice(index + 1, index + 3).join('\n');
        if (!/wrote:\s*$/im.test(next) && !/^>/m.test(next)) continue;
      }
      if (
        /^From:/i.test(line.trim()) &&
        !/^(Sent|Date|To|Subject):/im.test(lines.slice(index + 1, index + 4).join('\n'))
      ) {
        continue;
      }
      end = index;
      break;
    }
  }
  return lines.slice(0, end).join('\n').trim();
}
