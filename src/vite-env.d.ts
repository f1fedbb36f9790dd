/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_AUTH_EMULATOR_HOST?: string;
  readonly VITE_API_URL?: string;
  readonly VITE_ADMIN_URL?: string;
  readonly VITE_E2E_HOOKS?: string;
}

/** How prices carry GST, compiled in from SELLER_GSTIN, GST_RATE and PRICES_INCLUDE_GST (vite.config.ts). */
declare const __TAX_SETTINGS__: import('./domain/tax').TaxSettings;
