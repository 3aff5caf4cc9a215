// The page's entry point: the lobby at /, a table at /play/<id>, its replay at ?replay=1, the
// tables this browser plays at /my-games, each drawn once the catalog of the page's language
// and the module of each game (games/index.js) are loaded.

import { LobbyPage } from "./lobby.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { ProfilePage } from "./profile.js";
import { LeaderboardPage } from "./leaderboard.js";
import { HowToPage } from "./howto.js";
import { MyGamesPage } from "./mygames.js";
import { AdminPage } from "./admin.js";
import { pref } from "./api.js";
import { ready } from "./i18n.js";
import { loadPresentations } from "./games/index.js";

await ready();
await loadPresentations(); // after ready(): its /api/games asks in the page's language

if (pref("cb", false)) document.body.classList.add("cb");
const root = document.getElementById("app");
const params = new URLSearchParams(location.search);
const match = location.pathname.match(/^\/play\/([^/]+)\/?$/);
if (match) {
  const id = decodeURIComponent(match[1]);
  window.solocards = params.has("replay") ? new ReplayPage(root, id, params) : new TablePage(root, id);
} else if (/^\/players\/[^/]+\/?$/.test(location.pathname)) {
  window.solocards = new ProfilePage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/leaderboards\/[^/]+\/?$/.test(location.pathname)) {
  window.solocards = new LeaderboardPage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/my-games\/?$/.test(location.pathname)) {
  window.solocards = new MyGamesPage(root);
} else if (/^\/how-to-play\/[^/]+\/?$/.test(location.pathname)) {
  window.solocards = new HowToPage(root, decodeURIComponent(location.pathname.split("/")[2]));
} else if (/^\/admin\/?$/.test(location.pathname)) {
  window.solocards = new AdminPage(root);
} else {
  window.solocards = new LobbyPage(root);
}
