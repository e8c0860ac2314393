import { describe, expect, expectTypeOf, it } from 'vitest';
import { done, refused, unknown, type Decided, type Outcome } from './outcome';

/** The three cases of an outcome, built by their constructors (docs/architecture.md §1). */

describe('outcome', () => {
  it('builds each case as the type says, a refusal carrying its reason beside its kind', () => {
    const answers: Outcome<number, { error: string }>[] = [done(7), refused({ error: 'WrongPIN' }), unknown('no answer within 10 s')];
    expect(answers).toEqual([
      { kind: 'ok', value: 7 },
      { kind: 'refused', error: 'WrongPIN' },
      { kind: 'unknown', reason: 'no answer within 10 s' },
    ]);
  });

  it('leaves unknown out of a decided outcome, and refused out of one that nothing can refuse (checked by tsc)', () => {
    expectTypeOf<Decided<number, { message: string }>>().toEqualTypeOf<
      { kind: 'ok'; value: number } | ({ kind: 'refused' } & { message: string })
    >();
    expectTypeOf<Outcome<number, never>>().toEqualTypeOf<{ kind: 'ok'; value: number } | { kind: 'unknown'; reason: string }>();
    expectTypeOf(unknown('lost')).toMatchTypeOf<Outcome<number, never>>();
  });
});
