// "Your turn" in the browser tab: while a table waits for this page's player, the document's
// title starts with the translated "Your turn" and the favicon turns into a red dot; both come
// back as they were once it does not.

import { t } from "./i18n.js";

const DOT = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#d22'/></svg>");

let plainTitle = null;
let plainIcon = null;

function icon() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

/**
 * Show or clear the "your turn" signal; ``title`` is the page's own title (kept while off).
 *
 *   signalTurn(true, "UNO")    // title "Your turn · UNO", the red-dot favicon
 *   signalTurn(false, "UNO")   // title "UNO", the favicon as before
 */
export function signalTurn(on, title = null) {
  if (plainIcon === null) plainIcon = icon().getAttribute("href") ?? "data:,";
  if (title !== null) plainTitle = title;
  if (plainTitle === null) plainTitle = document.title;
  const wanted = on ? `${t("Your turn")} · ${plainTitle}` : plainTitle;
  if (document.title !== wanted) document.title = wanted;
  const href = on ? DOT : plainIcon;
  const link = icon();
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.documentElement.dataset.yourTurn = on ? "1" : "0";
}
