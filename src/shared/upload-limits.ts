/** The largest file a dentist may send with an order: 10 MiB, checked in the browser and again by the server. */
export const maxUploadBytes = 10 * 1024 * 1024;
