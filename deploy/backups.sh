#!/usr/bin/env bash
# Firestore backups of the production database (README "Restore a backup"): a backup every day,
# each kept 14 weeks (Firestore's longest retention), and point-in-time recovery (any minute of the
# last 7 days). Tax records must be kept six years: these protect against a bad deploy or a deleted
# collection, the database itself keeps the records. Run once per project:
#   PROJECT_ID=nimbus-prod deploy/backups.sh
set -euo pipefail
: "${PROJECT_ID:?set PROJECT_ID}"
database='(default)'

# Point-in-time recovery: reads (and clones) of the database as it was at any minute of the last 7 days.
gcloud firestore databases update --project "$PROJECT_ID" --database "$database" --enable-pitr
# Stops a mistaken `gcloud firestore databases delete`.
gcloud firestore databases update --project "$PROJECT_ID" --database "$database" --delete-protection

# One backup a day, kept 14 weeks.
if ! gcloud firestore backups schedules list --project "$PROJECT_ID" --database "$database" \
  --format 'value(dailyRecurrence)' | grep -q .; then
  gcloud firestore backups schedules create --project "$PROJECT_ID" --database "$database" \
    --recurrence daily --retention 14w
fi
gcloud firestore backups schedules list --project "$PROJECT_ID" --database "$database"

# Restoring (README "Restore a backup") goes to a NEW database, never over the live one:
#   gcloud firestore backups list --project "$PROJECT_ID" --format 'table(name,snapshotTime)'
#   gcloud firestore databases restore --project "$PROJECT_ID" \
#     --source-backup projects/$PROJECT_ID/locations/asia-south1/backups/BACKUP_ID --destination-database restored
# or, within the last 7 days, a clone of any minute (point-in-time recovery):
#   gcloud firestore databases clone --project "$PROJECT_ID" --source-database "projects/$PROJECT_ID/databases/(default)" \
#     --snapshot-time 2026-11-27T10:05:00Z --destination-database restored
