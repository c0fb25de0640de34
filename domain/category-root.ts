/** The root category id of the shop (spec §9): categories below it are never looked up by id. */
export const ROOT_CATEGORY_ID = 2
