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

{{/* The keystore path, the same in engines and controller (JMeter ships it in its stubs). */}}
{{- define "perf-engines.keystore" -}}
{{- printf "%s/%s" .Values.rmi.mountPath .Values.rmi.keystoreKey -}}
{{- end -}}
