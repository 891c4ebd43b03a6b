import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { routeGoogleCallbackErrors } from "./model/googleCallback";

const http = httpRouter();

auth.addHttpRoutes(http);
routeGoogleCallbackErrors(http);

export default http;
