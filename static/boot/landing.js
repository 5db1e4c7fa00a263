// Before Python starts (issue 12): give the landing page's static game cards (index.html) their
// "Resume game" buttons from the saves in localStorage — the keys of web/play/storage.py,
// altibox:save:<game> = the record JSON. Python redraws the landing page once it runs
// (web/screens.landing_html), with the same buttons checked by replaying each save.
(function () {
  var list = document.querySelector("#landing .game-list");
  var store;
  try { store = window.localStorage; } catch (e) { return; }  // storage denied: no saves to offer
  if (!list || !store) return;
  var cards = list.querySelectorAll("[data-game-id]");
  for (var i = 0; i < cards.length; i++) {
    var card = cards[i], id = card.getAttribute("data-game-id"), rec = null;
    try { rec = JSON.parse(store.getItem("altibox:save:" + id) || "null"); } catch (e) { rec = null; }
    if (!rec || !Array.isArray(rec.moves)) continue;
    var actions = card.querySelector(".actions");
    if (!actions || actions.querySelector("[data-resume]")) continue;
    var a = document.createElement("a");
    a.className = "button primary";
    a.href = "?game=" + encodeURIComponent(id);
    a.setAttribute("data-resume", id);
    a.appendChild(document.createTextNode("Resume game "));
    var n = document.createElement("span");
    n.className = "muted";
    n.textContent = "(move " + rec.moves.length + ")";
    a.appendChild(n);
    actions.insertBefore(a, actions.firstChild);
    var play = actions.querySelector("[data-play]");
    if (play) { play.textContent = "New game"; play.className = "button"; }
  }
})();
