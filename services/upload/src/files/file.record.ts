/** A row of `upload.files`. */
export interface FileRecord {
  key: string;
  ownerId: string;
  contentType: string;
  size: number | null;
  createdAt: Date;
  verifiedAt: Date | null;
  referencedAt: Date | null;
}
