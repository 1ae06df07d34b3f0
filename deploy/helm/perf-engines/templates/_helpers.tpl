{{/* The engines' name: the StatefulSet, the headless Service, the dns: name the controller uses. */}}
{{- define "perf-engines.name" -}}
{{- printf "%s-perf-engines" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "perf-engines.labels" -}}
app.kubernetes.io/name: perf-engines
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "perf-engines.selector" -}}
app.kubernetes.io/name: perf-engines
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: engine
{{- end -}}

{{/* The pod-level security context of engines and controller (restricted Pod Security Standard). */}}
{{- define "perf-engines.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurity.runAsUser }}
runAsGroup: {{ .Values.podSecurity.runAsGroup }}
fsGroup: {{ .Values.podSecurity.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The container-level security context: read-only root, no escalation, no capabilities. */}}
{{- define "perf-engines.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The controller's results claim: the existing one, or the one the chart creates. */}}
{{- define "perf-engines.resultsClaim" -}}
{{- if .Values.controller.results.existingClaim -}}
{{- .Values.controller.results.existingClaim -}}
{{- else -}}
{{- printf "%s-results" (include "perf-engines.name" .) -}}
{{- end -}}
{{- end -}}

{{/* The keystore path, the same in engines and controller (JMeter ships it in its stubs). */}}
{{- define "perf-engines.keystore" -}}
{{- printf "%s/%s" .Values.rmi.mountPath .Values.rmi.keystoreKey -}}
{{- end -}}

{{/* The engine image's tag for the Java the values choose (java: 17 or 25). */}}
{{- define "perf-engines.engineTag" -}}
{{- $java := toString .Values.java -}}
{{- if eq $java "17" -}}
{{- .Values.image.tag -}}
{{- else if eq $java "25" -}}
{{- .Values.image.java25Tag -}}
{{- else -}}
{{- fail (printf "java: %s is not an engine Java; use 17 (image.tag) or 25 (image.java25Tag)" $java) -}}
{{- end -}}
{{- end -}}
