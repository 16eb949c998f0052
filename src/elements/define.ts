// Registers the elements. The only module of the package with a side effect.
import { defineElement } from "./register.js";

void defineElement; // the composer and transcript register here as they land
