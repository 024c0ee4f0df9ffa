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
