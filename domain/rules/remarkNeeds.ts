import type { RemarkCode } from '../../shared/enums';

/**
 * What a clerk has to do about a line's remarks: one need each, in the remarks' order
 * (docs/counter.md §12). A registered token on the line resolves CUSTOMERTOKEN_REQUIRED and
 * TOKEN_REQUIRED at once (judgeLine gives a line without any token both, docs/api.md §3.2), so
 * where both stand they are one need: putting a registered card on the line.
 */
const COVERED_BY: Partial<Record<RemarkCode, RemarkCode>> = {
  TOKEN_REQUIRED: 'CUSTOMERTOKEN_REQUIRED',
};

/** The remarks a clerk acts on: those another remark of the line does not already cover. */
export function needsOf(codes: readonly RemarkCode[]): RemarkCode[] {
  return codes.filter((code) => {
    const coverer = COVERED_BY[code];
    return coverer === undefined || !codes.includes(coverer);
  });
}
