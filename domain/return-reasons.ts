/** Why a shopper sends items back: a fixed list, so the shop can count them (zod-free: the return form's chunk takes it). */
export const RETURN_REASONS = ['changed_mind', 'wrong_size', 'damaged', 'wrong_item', 'not_as_described', 'other'] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]
