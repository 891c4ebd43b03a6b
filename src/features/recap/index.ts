export { EventRecap } from "./EventRecap";
