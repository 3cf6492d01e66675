/**
 * POSTs that change nothing: they count as reads, so a read key may send them (auth) and they spend no write
 * budget (limits). POST /config/plan (issue 50) only says what an apply would do.
 */
export const READ_ONLY_POSTS = /^\/config\/plan\/?$/;
