/** Brand colour of the shell (VISUAL.md): the browser's theme colour and the installed app's. */
export const themeColor = "#5b2ed9";
