/**
 * Day closes as a central stored them before one close per touchpoint and day was the rule
 * (docs/api.md §10.4): what the migration that brings that rule must sort out, on either
 * backend, and what it must leave.
 */

export const CONTRADICTORY_CLOSURES = `
  INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc) VALUES
    ('c-first', 10, 'd', '2026-11-23', 't', '2026-11-23T20:00:00.000Z', '{"n":1}'),
    ('c-second', 10, 'd', '2026-11-23', 't', '2026-11-23T21:00:00.000Z', '{"n":2}'),
    ('c-third', 10, 'd', '2026-11-23', 't', '2026-11-23T22:00:00.000Z', '{"n":3}'),
    ('C-UPPER', 10, 'd', '2026-11-24', 't', '2026-11-24T20:00:00.000Z', '{"n":4}'),
    ('c-upper', 11, 'd', '2026-11-24', 't', '2026-11-24T21:00:00.000Z', '{"n":5}'),
    ('c-alone', 11, 'd', '2026-11-25', 't', '2026-11-25T20:00:00.000Z', '{"n":6}')
`;

/** The closes kept, in close id order, their ids in lower case. */
export const KEPT_CLOSURES = [
  { close_id: 'c-alone', touchpoint_id: 11, doc: '{"n":6}' },
  { close_id: 'c-first', touchpoint_id: 10, doc: '{"n":1}' },
  { close_id: 'c-upper', touchpoint_id: 10, doc: '{"n":4}' },
];

/** The closes set aside, in close id order, each with the close that kept it out. */
export const SET_ASIDE_CLOSURES = [
  { close_id: 'c-second', touchpoint_id: 10, kept_close_id: 'c-first', doc: '{"n":2}' },
  { close_id: 'c-third', touchpoint_id: 10, kept_close_id: 'c-first', doc: '{"n":3}' },
  { close_id: 'c-upper', touchpoint_id: 11, kept_close_id: 'c-upper', doc: '{"n":5}' },
];

export const KEPT_QUERY = 'SELECT close_id, touchpoint_id, doc FROM day_closures ORDER BY close_id, touchpoint_id';
export const SET_ASIDE_QUERY =
  'SELECT close_id, touchpoint_id, kept_close_id, doc FROM day_closures_set_aside ORDER BY close_id, touchpoint_id';
/** A second close of a kept touchpoint's day. */
export const SECOND_CLOSE_OF_A_DAY = `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
  VALUES ('c-new', 10, 'd', '2026-11-23', 't', 't', '{}')`;
