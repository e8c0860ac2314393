import type { ReactNode } from 'react';

/** The ids that describe a control, space-separated; undefined when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A note under a control: a hint, the check of what was typed, a problem. */
export interface FieldNote {
  id: string;
  text: ReactNode;
  /** Default `hint`. */
  className?: string;
  /** Read out when it changes (aria-live polite). */
  live?: boolean;
  /** A problem announced at once (role alert). */
  alert?: boolean;
}

/** What the control of a field must carry to be tied to its label and notes. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its notes under it. `children` draws the control (with whatever sits
 * beside it) and spreads `control` on it: its id, aria-invalid while `invalid`, and
 * aria-describedby naming the notes shown, then `alsoDescribedBy` (ids elsewhere on the page).
 */
export function Field({
  id,
  label,
  invalid = false,
  notes = [],
  alsoDescribedBy = [],
  children,
}: {
  id: string;
  label: ReactNode;
  invalid?: boolean;
  /** Left out where false or null (a note shown only now and then). */
  notes?: readonly (FieldNote | false | null)[];
  alsoDescribedBy?: readonly (string | false | null | undefined)[];
  children: (control: ControlProps) => ReactNode;
}) {
  const shown = notes.filter((note): note is FieldNote => Boolean(note));
  const control: ControlProps = {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy(...shown.map((note) => note.id), ...alsoDescribedBy),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(control)}
      {shown.map((note) => (
        <p
          key={note.id}
          id={note.id}
          className={note.className ?? 'hint'}
          aria-live={note.live ? 'polite' : undefined}
          role={note.alert ? 'alert' : undefined}
        >
          {note.text}
        </p>
      ))}
    </div>
  );
}
