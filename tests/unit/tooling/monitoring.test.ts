import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT } from '../../../server/alerts';

// deploy/ is applied with gcloud, which is not here: its files are checked as data against the
// code that logs the events and the README that says what to do about them.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const json = <T>(file: string) => JSON.parse(read(file)) as T;

interface Policy {
  displayName: string;
  userLabels: { runbook: string; notify: string };
  documentation: { content: string };
  notificationChannels: string[];
  conditions: Array<{
    conditionThreshold: {
      filter: string;
      denominatorFilter?: string;
      comparison: string;
      thresholdValue: number;
      duration: string;
    };
  }>;
}
interface LogMetric {
  name: string;
  filter: string;
}

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const readme = read('README.md');
const headings = [...readme.matchAll(/^#{1,6} (.+)$/gm)].map((match) => ({ text: match[1]!, at: match.index }));

/** The README's section under the heading with this anchor (up to the next heading). */
function runbookEntry(anchor: string): string | undefined {
  const index = headings.findIndex((heading) => slug(heading.text) === anchor);
  if (index === -1) return undefined;
  return readme.slice(headings[index]!.at, headings[index + 1]?.at);
}

const policy = (name: string) => json<Policy>(`deploy/monitoring/policies/${name}.json`);
const metrics = readdirSync(path.join(ROOT, 'deploy/monitoring/metrics')).map((file) =>
  json<LogMetric>(`deploy/monitoring/metrics/${file}`),
);
const setup = read('deploy/monitoring/setup.sh');

// Every alert the issue names: its policy file and, for those counted from logs, the API's alert field.
const NAMED: Array<[string, string, string | null]> = [
  ['a payment recorded as mismatch', 'payment-mismatch', ALERT.paymentMismatch],
  ['a mail that failed for good', 'mail-failed', ALERT.mailFailed],
  ['a job pass that failed', 'job-failed', ALERT.jobFailed],
  ['webhook signature failures', 'webhook-signature', ALERT.webhookSignature],
  ['5xx above 1 % for 5 minutes', 'api-5xx-rate', null],
  ['/api/ready failing its uptime check', 'api-ready', null],
];

describe('deploy/monitoring: alerts for what needs a person', () => {
  it.each(NAMED)(
    'the alert for %s exists, names who is told and points at a runbook entry that exists',
    (_, file, alertField) => {
      const { userLabels, documentation, notificationChannels, conditions } = policy(file);

      expect(notificationChannels.length).toBeGreaterThan(0);
      for (const channel of notificationChannels) expect(['CHANNEL_ONCALL', 'CHANNEL_BILLING']).toContain(channel);
      expect(documentation.content).toMatch(/\*\*Who is told:\*\* \S/);
      expect(documentation.content).toContain(`README.md#${userLabels.runbook}`);
      const entry = runbookEntry(userLabels.runbook);
      expect(entry, `README has no heading for #${userLabels.runbook}`).toBeDefined();
      // What it means, then the first three things to do.
      expect(entry!.match(/^\d\. \S/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(conditions.length).toBeGreaterThan(0);

      if (alertField) {
        const metricName = /logging\.googleapis\.com\/user\/(\w+)/.exec(conditions[0]!.conditionThreshold.filter)?.[1];
        const metric = metrics.find((candidate) => candidate.name === metricName);
        expect(metric, `no log-based metric ${metricName}`).toBeDefined();
        expect(metric!.filter).toContain(`jsonPayload.alert="${alertField}"`);
        expect(metric!.filter).toContain('resource.labels.service_name="nimbus-api"');
      }
    },
  );

  it('every alert field the API logs is counted by a metric that a policy watches', () => {
    const watched = NAMED.map(([, file]) => policy(file).conditions[0]!.conditionThreshold.filter).join('\n');
    for (const field of Object.values(ALERT)) {
      const metric = metrics.find((candidate) => candidate.filter.includes(`jsonPayload.alert="${field}"`));
      expect(metric, field).toBeDefined();
      expect(watched).toContain(`logging.googleapis.com/user/${metric!.name}"`);
    }
  });

  it('the 5xx alert is a ratio of 5xx to all requests above 1 % for 5 minutes', () => {
    const { conditionThreshold } = policy('api-5xx-rate').conditions[0]!;

    expect(conditionThreshold.filter).toContain('metric.labels.response_code_class="5xx"');
    expect(conditionThreshold.denominatorFilter).toContain('metric.type="run.googleapis.com/request_count"');
    expect([conditionThreshold.comparison, conditionThreshold.thresholdValue, conditionThreshold.duration]).toEqual([
      'COMPARISON_GT',
      0.01,
      '300s',
    ]);
  });

  it('the uptime alert watches the check of /api/ready that setup.sh creates', () => {
    expect(policy('api-ready').conditions[0]!.conditionThreshold.filter).toContain('uptime_check/check_passed');
    expect(setup).toMatch(/gcloud monitoring uptime create[\s\S]*--path \/api\/ready/);
  });

  it('setup.sh creates every metric and policy and fills in every placeholder they use', () => {
    expect(setup).toContain('for file in metrics/*.json');
    expect(setup).toContain('for file in policies/*.json');
    const used = new Set(
      readdirSync(path.join(ROOT, 'deploy/monitoring/policies')).flatMap((file) =>
        [...read(`deploy/monitoring/policies/${file}`).matchAll(/\b(CHANNEL_[A-Z]+|UPTIME_CHECK_ID|API_HOST)\b/g)].map(
          (match) => match[1]!,
        ),
      ),
    );
    for (const placeholder of used) expect(setup).toContain(`s|${placeholder}|`);
  });
});

describe('deploy/backups.sh', () => {
  it('schedules a daily backup kept 14 weeks and turns on point-in-time recovery', () => {
    const backups = read('deploy/backups.sh');

    expect(backups).toMatch(
      /gcloud firestore backups schedules create[^\n]*\\\n[^\n]*--recurrence daily --retention 14w/,
    );
    expect(backups).toMatch(/gcloud firestore databases update [^\n]*--enable-pitr/);
  });
});
