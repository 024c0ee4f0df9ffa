/** The largest file a dentist may send with an order: 10 MiB, checked in the browser and again by the server. */
export const maxUploadBytes = 10 * 1024 * 1024;

/** Decision 27: files one order may carry. */
export const maxOrderFiles = 5;
/** Decision 27: the largest one file of an order may be. */
export const maxOrderFileBytes = 50 * 1024 * 1024;
/** Decision 27: the most an order's files may weigh together. */
export const maxOrderBytes = 100 * 1024 * 1024;
/** Decision 27: the lab's notification attaches an order's files while they weigh at most this together; above it, it lists them. */
export const maxAttachedBytes = 15 * 1024 * 1024;

/** The most of a file the check holds at once: it reads a file in slices of at most this, never whole. */
export const maxCheckSliceBytes = 1024 * 1024;

// A ZIP archive of an order (decision 27): what it may hold, checked before anything in it is inflated.
/** Entries one archive may hold, folders included. */
export const maxZipEntries = 100;
/** What an archive's files may declare unpacked together; each file may also be at most `maxOrderFileBytes`. */
export const maxZipUnpackedBytes = 250 * 1024 * 1024;
/** An entry that unpacks to more than `zipRatioFloorBytes` may do so at most this many times over its packed size (a zip bomb does so a thousand times). */
export const maxZipRatio = 200;
/** Below this unpacked size an entry's compression ratio is not judged (a small file of zeros packs very well). */
export const zipRatioFloorBytes = 1024 * 1024;
