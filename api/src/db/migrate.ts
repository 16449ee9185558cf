import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as unsettledPayments from './migrations/0002-unsettled-payments.js';
import * as refunds from './migrations/0003-refunds.js';
import * as checkouts from './migrations/0004-checkouts.js';
import * as attemptWindows from './migrations/0005-attempt-windows.js';
import * as emailChanges from './migrations/0006-email-changes.js';
import * as lifecycles from './migrations/0007-lifecycles.js';
import * as staff from './migrations/0008-staff.js';
import * as aftercare from './migrations/0009-aftercare.js';
import * as paymentState from './migrations/0010-payment-state.js';
import * as refundClaims from './migrations/0011-refund-claims.js';
import * as passkeys from './migrations/0012-passkeys.js';
import * as variantStock from './migrations/0013-variant-stock.js';
import * as catalogueDesk from './migrations/0014-catalogue-desk.js';
import * as catalogueTerms from './migrations/0015-catalogue-terms.js';
import * as coupons from './migrations/0016-coupons.js';
import * as moderation from './migrations/0017-moderation.js';
import * as photos from './migrations/0018-photos.js';
import * as blogDesk from './migrations/0019-blog-desk.js';
import * as staffFactors from './migrations/0020-staff-factors.js';
import * as enquiryReplyClaims from './migrations/0021-enquiry-reply-claims.js';
import * as deliveryPhone from './migrations/0022-delivery-phone.js';
import * as shopSettings from './migrations/0023-shop-settings.js';
import * as productSearch from './migrations/0024-product-search.js';
import * as searchLog from './migrations/0025-search-log.js';
import * as gst from './migrations/0026-gst.js';
import * as taxDocuments from './migrations/0027-tax-documents.js';
import * as origin from './migrations/0028-origin.js';
import * as policies from './migrations/0029-policies.js';
import * as complaints from './migrations/0030-complaints.js';
import * as erasure from './migrations/0031-erasure.js';
import * as consents from './migrations/0032-consents.js';
import * as enquirySender from './migrations/0033-enquiry-sender.js';
import * as refundVersion from './migrations/0034-refund-version.js';
import * as searchLogPersonal from './migrations/0035-search-log-personal.js';
import * as erasedAccounts from './migrations/0036-erased-accounts.js';
import * as taxDocumentPdfs from './migrations/0037-tax-document-pdfs.js';
import * as notes from './migrations/0038-notes.js';
import * as heldEnquiries from './migrations/0039-held-enquiries.js';
import type { Database } from './schema.js';

// Migrations are listed here, in order, so a build carries them without reading a folder at run time.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-unsettled-payments': unsettledPayments,
  '0003-refunds': refunds,
  '0004-checkouts': checkouts,
  '0005-attempt-windows': attemptWindows,
  '0006-email-changes': emailChanges,
  '0007-lifecycles': lifecycles,
  '0008-staff': staff,
  '0009-aftercare': aftercare,
  '0010-payment-state': paymentState,
  '0011-refund-claims': refundClaims,
  '0012-passkeys': passkeys,
  '0013-variant-stock': variantStock,
  '0014-catalogue-desk': catalogueDesk,
  '0015-catalogue-terms': catalogueTerms,
  '0016-coupons': coupons,
  '0017-moderation': moderation,
  '0018-photos': photos,
  '0019-blog-desk': blogDesk,
  '0020-staff-factors': staffFactors,
  '0021-enquiry-reply-claims': enquiryReplyClaims,
  '0022-delivery-phone': deliveryPhone,
  '0023-shop-settings': shopSettings,
  '0024-product-search': productSearch,
  '0025-search-log': searchLog,
  '0026-gst': gst,
  '0027-tax-documents': taxDocuments,
  '0028-origin': origin,
  '0029-policies': policies,
  '0030-complaints': complaints,
  '0031-erasure': erasure,
  '0032-consents': consents,
  '0033-enquiry-sender': enquirySender,
  '0034-refund-version': refundVersion,
  '0035-search-log-personal': searchLogPersonal,
  '0036-erased-accounts': erasedAccounts,
  '0037-tax-document-pdfs': taxDocumentPdfs,
  '0038-notes': notes,
  '0039-held-enquiries': heldEnquiries,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Migrates up (or down) to the named migration: tests use it to run a later migration over data written before it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`Database migration to ${name} failed`);
}
