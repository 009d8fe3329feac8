// Leaflet with its stylesheet, as one lazily loaded chunk: import this module only with a dynamic import() in the
// browser (Leaflet touches `window` when it is imported). Vite loads the stylesheet before the module runs, so a map
// never shows unstyled, and no page carries Leaflet's CSS before it shows a map.
import L from 'leaflet'
import '~/styles/leaflet.css'

export default L
