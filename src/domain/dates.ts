export { formatDateTime } from '@/domain/format-date';
