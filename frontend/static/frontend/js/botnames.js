// A built-in bot's name in the page's script. The server names bots in Latin letters
// (games/bot_names.py, which also lists how each language writes them); the catalogues carry
// those forms under the context "bot name", so one bot keeps one name across languages
// (Ramesh, रमेश, রমেশ).
import { pgettext } from "./i18n.js";

const WRITTEN = {
  Asha: () => pgettext("bot name", "Asha"),
  Bikash: () => pgettext("bot name", "Bikash"),
  Chetan: () => pgettext("bot name", "Chetan"),
  Deepa: () => pgettext("bot name", "Deepa"),
  Gita: () => pgettext("bot name", "Gita"),
  Hari: () => pgettext("bot name", "Hari"),
  Indra: () => pgettext("bot name", "Indra"),
  Jamuna: () => pgettext("bot name", "Jamuna"),
  Kiran: () => pgettext("bot name", "Kiran"),
  Laxmi: () => pgettext("bot name", "Laxmi"),
  Manish: () => pgettext("bot name", "Manish"),
  Nabin: () => pgettext("bot name", "Nabin"),
  Pooja: () => pgettext("bot name", "Pooja"),
  Ramesh: () => pgettext("bot name", "Ramesh"),
  Sita: () => pgettext("bot name", "Sita"),
  Tara: () => pgettext("bot name", "Tara"),
  Usha: () => pgettext("bot name", "Usha"),
  Binod: () => pgettext("bot name", "Binod"),
  Sunita: () => pgettext("bot name", "Sunita"),
  Rajan: () => pgettext("bot name", "Rajan"),
  Anil: () => pgettext("bot name", "Anil"),
  Mina: () => pgettext("bot name", "Mina"),
  Pradip: () => pgettext("bot name", "Pradip"),
  Sarita: () => pgettext("bot name", "Sarita"),
};

export function botName(name) {
  return Object.prototype.hasOwnProperty.call(WRITTEN, name) ? WRITTEN[name]() : name;
}
