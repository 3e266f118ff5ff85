// A user's text as an ILIKE pattern that matches it anywhere, with % and _ taken literally.
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
