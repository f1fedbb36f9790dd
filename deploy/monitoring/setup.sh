#!/usr/bin/env bash
# Alerts for what needs a person (README "Runbook"): two e-mail notification channels, the
# log-based metrics of metrics/ (the API's `alert` log field, server/alerts.ts), an uptime check of
# /api/ready, and one alert policy per file in policies/ (each names who is told and its runbook
# entry). Run once per project, after the first deploy:
#   PROJECT_ID=nimbus-prod API_HOST=www.nimbusbespoke.in \
#   ONCALL_EMAIL=oncall@nimbusbespoke.in BILLING_EMAIL=accounts@nimbusbespoke.in deploy/monitoring/setup.sh
# Re-running updates the metrics; delete the old policies first (gcloud alpha monitoring policies list).
set -euo pipefail
cd "$(dirname "$0")"
: "${PROJECT_ID:?set PROJECT_ID}" "${API_HOST:?set API_HOST (the host of the site, whose Hosting serves /api)}"
: "${ONCALL_EMAIL:?set ONCALL_EMAIL (the on-call engineer)}" "${BILLING_EMAIL:?set BILLING_EMAIL (accounts: refunds)}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

channel() {
  gcloud beta monitoring channels create --project "$PROJECT_ID" --type email \
    --display-name "$1" --channel-labels "email_address=$2" --format 'value(name)'
}
oncall=$(channel 'On-call engineer' "$ONCALL_EMAIL")
billing=$(channel 'Accounts (billing)' "$BILLING_EMAIL")

for file in metrics/*.json; do
  name=$(basename "$file" .json)
  gcloud logging metrics create "$name" --project "$PROJECT_ID" --config-from-file "$file" ||
    gcloud logging metrics update "$name" --project "$PROJECT_ID" --config-from-file "$file"
done

# Every minute from three regions; a check that fails from two of them for 2 minutes alerts.
check=$(gcloud monitoring uptime create 'nimbus-api-ready' --project "$PROJECT_ID" \
  --resource-type uptime-url --resource-labels "host=$API_HOST,project_id=$PROJECT_ID" \
  --protocol https --path /api/ready --period 1 --timeout 10 --status-classes 2xx \
  --regions asia-pacific,europe,usa-virginia --format 'value(name)')
check_id=${check##*/}

for file in policies/*.json; do
  sed -e "s|CHANNEL_ONCALL|$oncall|g" -e "s|CHANNEL_BILLING|$billing|g" \
    -e "s|UPTIME_CHECK_ID|$check_id|g" -e "s|API_HOST|$API_HOST|g" "$file" >"$work/$(basename "$file")"
  gcloud alpha monitoring policies create --project "$PROJECT_ID" --policy-from-file "$work/$(basename "$file")"
done
echo "Alerting is set up: $(ls policies | wc -l) policies, told: $ONCALL_EMAIL (on call), $BILLING_EMAIL (billing)."
