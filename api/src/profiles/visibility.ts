/**
 * Who sees whom. A blocked pair does not see each other in search, likes, chats, presence or
 * notifications: the block itself is the safety feature's (src/safety/blocks.ts), the rule that
 * hides one member from the other is this one, used wherever profiles are listed.
 */

/** SQL: true when the members in the two SQL expressions have blocked each other, in either direction. */
export function blockedPairSql(a: string, b: string): string {
  return `EXISTS (SELECT 1 FROM blocks bl WHERE (bl.member_id = ${a} AND bl.blocked_id = ${b})
                                          OR (bl.member_id = ${b} AND bl.blocked_id = ${a}))`;
}
