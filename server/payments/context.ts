import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { DocumentSettings } from '../config';
import type { PaymentGateway } from './gateway';

/**
 * What the payment services work with: the database, the gateway, and the seller's document
 * settings (how prices carry GST, and the tax documents numbered after each payment).
 */
export interface PaymentsContext {
  db: Firestore;
  gateway: PaymentGateway;
  documents: DocumentSettings;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}
