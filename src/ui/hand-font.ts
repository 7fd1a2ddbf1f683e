// Caveat, the handwriting face (the demo pages' note, the company's signature), from this origin:
// its @font-face rules, for Latin and Latin Extended. Import this where the `hand` font is used.
import '@fontsource/caveat/latin-400.css';
import '@fontsource/caveat/latin-ext-400.css';
