export { NightSections } from "./NightSections";
