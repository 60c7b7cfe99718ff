/** The documents a player may upload. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'proof_of_address', 'selfie'] as const;

/** One of {@link DOCUMENT_TYPES}. */
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Documents that prove who the player is: a submission needs one of them. */
export const IDENTITY_DOCUMENTS: readonly DocumentType[] = ['passport', 'id_card', 'driving_licence'];

/** Whether a value names a document type. */
export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** The file types accepted, as their bytes prove them (never the name or the declared type). */
export type DocumentContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';
