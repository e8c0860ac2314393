/** A database whose schema is newer than this program knows: opening it could damage it. */
export class NewerDatabaseError extends Error {
  constructor(where: string, found: number, known: number) {
    super(
      `${where} was written by a newer version of this program (schema ${found}; this version knows up to ${known}). ` +
        'Refusing to open it: update the program, or point it at another database.',
    );
  }
}
