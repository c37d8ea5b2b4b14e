// The glossary page: only the header's token box and language switch.
import { initToken } from "./common.js";

initToken(() => {});
