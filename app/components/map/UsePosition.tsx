// "Use my position": asks the browser for the device's position and hands it on as the picked point. Offered only
// with JavaScript and where the browser has geolocation; what happens is said in a live region, and a refusal or
// failure leaves the other ways to give a position.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '~/components/ui'

type Status = 'idle' | 'locating' | 'found' | 'denied' | 'failed'

const POSITION_TIMEOUT_MS = 15_000

export function UsePosition({ onPosition }: { onPosition: (lat: number, lon: number) => void }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [status, setStatus] = useState<Status>('idle')
  if (!hydrated || typeof navigator === 'undefined' || !navigator.geolocation) return null
  const locate = () => {
    setStatus('locating')
    navigator.geolocation.getCurrentPosition(
      (p) => {
        onPosition(Math.round(p.coords.latitude * 1e6) / 1e6, Math.round(p.coords.longitude * 1e6) / 1e6)
        setStatus('found')
      },
      (e) => setStatus(e.code === e.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    )
  }
  return (
    <div className="use-position">
      <Button type="button" onClick={locate} disabled={status === 'locating'}>
        {t('map.useMyPosition')}
      </Button>
      <p className="use-position__status" role="status">
        {status === 'idle' ? '' : t(`map.position.${status}`)}
      </p>
    </div>
  )
}
